"""``{% offline_account user %}``: the tag a phone keys its waiting entries by (web/offline.py)."""

from django import template

from web.offline import account_tag

register = template.Library()


@register.simple_tag
def offline_account(user) -> str:
    return account_tag(user)
