GAME = None
