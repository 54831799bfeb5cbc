"""Open judge calls of a round on the judge's round page: ``{% judge_calls round %}``.

Scaffolding: filled in by the judge-call work (issue #18).
"""

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def judge_calls(context, round_):
    return ""
