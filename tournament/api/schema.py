"""The schema's descriptions: only a view's own words describe an operation.

drf-spectacular falls back to the view's class docstring, inherited ones
included; a base class's docstring says how the views work inside (which
permission reads need), not what one operation does, and it was shown on
every staff operation of the API page.
"""

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema


class AutoSchema(SpectacularAutoSchema):
    def get_description(self):
        handler = getattr(self.view, self.method.lower(), None)
        own_class_doc = "__doc__" in vars(type(self.view)) and type(self.view).__doc__
        if getattr(handler, "__doc__", None) or own_class_doc:
            return super().get_description()
        return ""
