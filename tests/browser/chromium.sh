#!/bin/sh
# The Chromium at $SWLAB_CHROMIUM_REAL, with every --disable-features switch of the command
# line joined into one (tests/browser/harness.py's launch_chromium starts it).
#
# Chromium keeps only the last --disable-features it is given. Playwright passes its own
# list, and the arguments of launch() come after it: a second switch, for the features the
# tests also turn off, would turn Playwright's list back on.
features=""
for arg do
    shift
    case $arg in
        --disable-features=*) features="${features:+$features,}${arg#--disable-features=}" ;;
        *) set -- "$@" "$arg" ;;
    esac
done
exec "$SWLAB_CHROMIUM_REAL" "$@" ${features:+"--disable-features=$features"}
