"""No levels of its own: ``robotable.agents.levels`` reads a game's ``bots`` module."""
