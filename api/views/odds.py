"""The odds of a battle on a territory of a campaign: its scar and that scar type's effect on
the dice, its fortification, the defender's starting HQ and the powers each faction holds now."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from api.access import Level, campaign_access
from api.serializers.odds import CampaignOddsQuerySerializer, CampaignOddsSerializer
from api.views.common import READ_ERRORS, SHARE, ApiView, errors, read_query
from campaigns.game.odds import battle, chances_by_missile_order
from legacy import odds

HIDDEN_NAME = "(hidden by the campaign's owner)"


# The open points a question without a campaign names itself (``/api/v1/odds/``); here the
# campaign's settings decide them.
READING_PARAMETERS = (
    "resort",
    "missile_six_is_natural",
    "bear_three_as_rolled",
    "clamp_each",
    "clamp_order",
    "defender_missiles_first",
    "bear_first_roll_only",
    "single_die_is_lower",
)


def refuse_readings(request) -> None:
    given = [name for name in READING_PARAMETERS if name in request.query_params]
    if given:
        raise ValidationError(
            {
                name: [
                    "The campaign's settings decide this reading of the rulebook; its owner "
                    "changes them on the campaign (leave it out here)."
                ]
                for name in given
            }
        )


class CampaignOddsView(ApiView):
    """Exact odds of one attack on a territory of this campaign, with the modifiers the campaign
    keeps now and its readings of the rulebook's open points (``/api/v1/odds/`` takes them as
    parameters instead; here they are refused)."""

    @extend_schema(
        parameters=[CampaignOddsQuerySerializer, SHARE],
        responses={200: CampaignOddsSerializer, **errors(*READ_ERRORS)},
        tags=["odds"],
    )
    def get(self, request, campaign_id):
        access = campaign_access(request, campaign_id, Level.READ)
        refuse_readings(request)
        q = read_query(CampaignOddsQuerySerializer, request)
        found = battle(
            access.campaign,
            q["territory"],
            attacker_faction=q["attacker_faction"] or None,
            defender_faction=q["defender_faction"] or None,
            bear_first_attack=q["bear_first_attack"],
            sees_unlocked=access.sees_unlocked,
        )
        result = odds.battle_odds(
            q["attackers"],
            q["defenders"],
            missiles=q["missiles"],
            defender_missiles=q["defender_missiles"],
            stop_at=q["stop_at"],
            **found.modifiers,
        )
        orders = chances_by_missile_order(
            access.campaign, result, found.modifiers, stop_at=q["stop_at"]
        )
        scar = None
        if found.scar:
            shown = found.scar_base or access.sees_unlocked
            scar = {
                "slug": found.scar if shown else None,
                "name": found.scar_name if shown else HIDDEN_NAME,
                "base": found.scar_base,
                "dice_effect": found.dice_effect,
            }
        return Response(
            {
                "attackers": result.attackers,
                "defenders": result.defenders,
                "missiles": result.missiles,
                "defender_missiles": result.defender_missiles,
                "stop_at": q["stop_at"],
                "modifiers": found.modifiers,
                "p_conquer": result.p_conquer,
                "missile_orders": orders,
                "attackers_left": {str(k): v for k, v in result.attackers_left.items()},
                "defenders_left": {str(k): v for k, v in result.defenders_left.items()},
                "expected_attacker_losses": result.expected_attacker_losses,
                "expected_defender_losses": result.expected_defender_losses,
                "expected_missiles_used": result.expected_missiles_used,
                "expected_defender_missiles_used": result.expected_defender_missiles_used,
                "p_conquered_outright": result.p_conquered_outright,
                "p_halted": result.p_halted,
                "territory": {
                    "slug": found.territory,
                    "scar": scar,
                    "fortified": found.fortified,
                    "fortification_boxes": found.fortification_boxes,
                    "defender_hq": found.defender_hq,
                },
                "attacker_faction": found.attacker_faction,
                "defender_faction": found.defender_faction,
                "powers_used": [{"faction": f, "code": c} for f, c in found.powers_used],
            }
        )
