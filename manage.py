#!/usr/bin/env python
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # manage.py is the developer's tool: without a DEBUG setting it runs the embedded default.
    # Servers (gunicorn, the worker, docker/) set DEBUG=false and a SECRET_KEY themselves.
    os.environ.setdefault("DEBUG", "true")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
