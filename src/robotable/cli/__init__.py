"""The terminal face of robotable: the ``robotable`` command (see :mod:`robotable.cli.main`)."""
