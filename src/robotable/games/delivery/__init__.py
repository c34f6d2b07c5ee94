"""Robot Delivery (Colin Thil): program cards with loops and functions, pick up and deliver.

See ``rules/en.md`` and the spec's RD rules.
"""

from robotable.games.delivery.game import DeliveryGame

GAME = DeliveryGame()

__all__ = ["GAME", "DeliveryGame"]
