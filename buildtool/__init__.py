"""The Site Agent toolchain: check, transpile, bundle, render, package and sign."""
