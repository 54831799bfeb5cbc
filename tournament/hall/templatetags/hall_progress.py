"""Live table progress: ``{% table_progress round "staff"|"public" %}``.

Scaffolding: filled in by the table-progress work (issue #18).
"""

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def table_progress(context, round_, mode):
    return ""
