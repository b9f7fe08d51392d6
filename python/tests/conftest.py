"""pytest's set-up for the emogi package's tests: one working folder for the
whole run, made under pytest's temporary root and the current directory
while tests run, so that nothing is written beside the sources and tests
can read what the ones before them converted."""
import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def working_folder(tmp_path_factory):
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("work"))
    yield
    os.chdir(here)
