"""The 20 special power badges of R-COMP-3 and R-POW-*, one module each."""
