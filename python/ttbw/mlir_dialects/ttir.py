"""Empty: ttir ops have no generated OpView classes (see __init__.py)."""
