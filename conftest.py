# Lets `python -m pytest` import the package from a checkout without installing it.
