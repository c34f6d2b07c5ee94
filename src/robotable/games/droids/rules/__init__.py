"""Rules summaries in Markdown, one file per language (``en.md``, ``fr.md``), read by
:meth:`robotable.core.game.Game.rules_summary`."""
