"""robotable: robot board games played exactly by their rules.

The package is layered (imports point down only)::

    cli/                 faces that talk to people
    play/                matches: seats, clocks, records
    agents/              generic bots
    games/<id>/          one package per game: rules, data, notation, rendering, bots
    core/                the game contract, seeded RNG, records, errors
"""

__version__ = "0.1.0"
