"""normgeom's front end: the commands users run, one folder per job."""
