"""Robotick (Domi, 2022): three players against the robot hand Droco; see ``rules/en.md``."""

from robotable.games.robotick.game import RobotickGame

GAME = RobotickGame()

__all__ = ["GAME", "RobotickGame"]
