"""The 14 race banners of R-COMP-2 and R-RACE-*, one module each."""
