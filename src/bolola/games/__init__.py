"""The games' rules, one package each; :mod:`bolola.registry` lists them."""
