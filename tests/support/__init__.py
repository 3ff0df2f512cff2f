"""What the tests share: the people, the campaigns and the games they play, the clients they read
with, and the files and dice they make. Test modules import from here and from nowhere else in
``tests``; the pytest fixtures built on these live in the suite's ``conftest.py``."""
