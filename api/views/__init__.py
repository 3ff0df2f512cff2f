"""REST views by resource: thin. An input serializer checks the shape of the request, a service
(or a pure rule) decides, an output serializer renders. Access to a campaign is decided by
``api.access`` and every refusal is shaped by ``api.errors``.

Reads use a fixed number of queries whatever the size of the campaign: the world is one
``legacy.selectors.world_as_of`` call, lists prefetch what they render.
"""
