"""Tests of swlab's languages: the glossary, the catalogs, the fonts and the CLI's language."""
