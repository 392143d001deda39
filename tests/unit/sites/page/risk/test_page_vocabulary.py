"""sites/page/risk/vocabulary.py under CPython: the words of irreversible effect per language, and the
rules that read them (tests/parity/cases.py runs the same phrases as Transcrypt JS)."""
import pytest

from sites.page.risk import vocabulary as v
from tests.parity.page_phrases import DESTRUCTIVE, EVERYDAY, SAID, STYLES

LANGS = ["en", "es", "fr", "de", "pt", "it", "ru", "ja", "zh"]


def acts(text, scope="name"):
    return [h["concept"] for h in v.hits_in(text, scope) if h["kind"] == "act" or (h["kind"] == "mark" and h["words"] > 1)]


@pytest.mark.parametrize("lang,phrase,concept", DESTRUCTIVE, ids=[f"{l}-{p}" for l, p, _ in DESTRUCTIVE])
def test_destructive_phrases_read_as_their_act(lang, phrase, concept):
    assert concept in acts(phrase), v.hits_in(phrase, "name")


@pytest.mark.parametrize("lang,phrase", EVERYDAY, ids=[f"{l}-{p}" for l, p in EVERYDAY])
def test_everyday_phrases_read_as_no_act(lang, phrase):
    assert acts(phrase) == [], v.hits_in(phrase, "name")


@pytest.mark.parametrize("lang,text,concept", SAID, ids=[f"{l}-{t[:30]}" for l, t, _ in SAID])
def test_what_a_dialog_says(lang, text, concept):
    found = [h["concept"] for h in v.hits_in(text, "context") if h["kind"] in ("act", "mark")]
    assert (concept in found) if concept else found == [], found


@pytest.mark.parametrize("name,style", STYLES)
def test_name_styles(name, style):
    assert v.name_style(name) == style


def test_every_language_has_sources_and_each_kind_of_word():
    by_code = {lang["code"]: lang for lang in v.LANGUAGES}
    for code in LANGS:
        lang = by_code[code]
        assert lang["sources"] and all(isinstance(s, str) and s for s in lang["sources"])
        kinds = {t["kind"] for t in lang["terms"]}
        assert {"act", "mark"} <= kinds, code
        assert lang["confirm"] and lang["dismiss"] and lang["info"] and lang["benign"], code
        concepts = {t["concept"] for t in lang["terms"]}
        assert {"delete", "pay", "buy", "cancel", "leave", "transfer", "irreversible"} <= concepts, (code, concepts)
        for term in lang["terms"]:
            assert term.get("needs") is None or term["needs"] in lang["objects"], (code, term)


def test_each_language_is_covered_by_the_phrase_tables():
    assert {l for l, _, _ in DESTRUCTIVE} == set(LANGS)
    assert {l for l, _ in EVERYDAY} == set(LANGS)


def test_inflections_are_matched_and_participles_are_not():
    # pay, payment, payments; delete, deletes, deleting: verbs call, third persons and gerunds tell
    assert acts("Pay") == ["pay"] and acts("Pay now") == ["pay"]
    assert [h["kind"] for h in v.hits_in("Payment", "name")] == ["noun"]
    assert [h["kind"] for h in v.hits_in("Payments", "name")] == ["noun"]
    assert acts("Confirm payments") == ["pay"]
    assert acts("deletes") == [] and "delete" in acts("This deletes everything", "context")
    assert acts("Deleting") == [] and "delete" in acts("Deleting removes the files", "context")
    assert acts("Deleted items") == [] and acts("Paid") == [] and acts("Sent") == []
    assert acts("Supprimer") == ["delete"] and acts("Supprimez") == ["delete"]
    assert acts("Eliminar") == ["delete"] and acts("Eliminad") == ["delete"]
    assert acts("Удалить") == ["delete"] and acts("Удалите") == ["delete"] and acts("Удали") == ["delete"]


def test_compounds():
    # German compounds: the head is at the end
    assert acts("Kontolöschung beantragen") == ["delete"]
    assert acts("Bestellhistorie") == [] and acts("Zahlungsmethoden") == []
    assert [h["kind"] for h in v.hits_in("Kontolöschung", "name")] == ["noun"]
    assert acts("Papierkorb leeren") == ["delete"] and acts("Nachbestellen") == ["buy"]


def test_cjk_has_no_word_boundaries():
    assert acts("今すぐアカウントを削除する") == ["delete"]
    assert acts("请立即删除此帐户") == ["delete"]
    assert acts("注文履歴") == [] and acts("支払い方法") == [] and acts("订单号") == []
    assert acts("注文を確定する") == ["order"] and acts("提交订单") == ["order"]


def test_objects_decide_ambiguous_verbs():
    assert acts("Cancel") == [] and acts("Cancel order") == ["cancel"]
    assert acts("Close") == [] and acts("Close account") == ["close account"]
    assert acts("Leave") == [] and acts("Leave group") == ["leave"] and acts("Leave a review") == []
    assert acts("Sign in") == [] and acts("Sign") == ["sign"]
    assert acts("Clear") == [] and acts("Clear history") == ["delete"]
    assert acts("Cerrar sesión") == [] and acts("Cerrar cuenta") == ["close account"]
    assert acts("Sair") == [] and acts("Sair do grupo") == ["leave"]
    assert acts("Выйти") == [] and acts("Выйти из группы") == ["leave"]


def test_benign_objects_and_negations():
    assert acts("Remove filter") == [] and acts("Filter entfernen") == [] and acts("Supprimer le filtre") == []
    assert acts("絞り込みを削除する") == [] and acts("删除筛选条件") == []
    assert acts("Withdraw consent") == [] and acts("Withdraw funds") == ["withdraw"]
    assert acts("Do Not Sell my Personal Information") == [] and acts("Don't send") == []
    assert acts("This does not delete your files", "context") == []


def test_either_words_are_verbs_first_and_nouns_elsewhere():
    assert acts("Order now") == ["order"] and acts("Your order") == [] and acts("Order history") == []
    assert acts("Transfer") == ["transfer"] and acts("Transfer history") == []
    assert acts("Trash") == ["trash"] and acts("Your cart is empty") == []
    assert acts("Yes, empty the trash") == ["empty"]
    assert acts("Complete purchase") == ["purchase"] and acts("Purchase options") == []


def test_long_names_are_headlines_unless_the_verb_leads():
    assert acts("WWE terminates Hulk Hogan's contract") == []
    assert acts("How to buy Nintendo's NES Classic today") == []
    assert acts("Yes, permanently delete my account and all my data") == ["delete"]
    assert acts("Review and send the transfer to Alice today") == ["transfer"]
    assert "delete" in acts("Are you sure you want to delete this project?", "context")


def test_marks_say_it_cannot_be_undone():
    assert acts("I understand this cannot be undone") == ["irreversible"]
    assert acts("Forever 21") == []          # a lone mark word counts only in a dialog's sentences
    assert [h["concept"] for h in v.hits_in("Forever 21", "context")] == ["irreversible"]


def test_icons():
    assert [i["concept"] for i in v.icon_hits("\U0001F5D1", None)] == ["delete"]
    assert [i["concept"] for i in v.icon_hits("\U0001F5D1\uFE0F", "")] == ["delete"]
    assert v.icon_hits("\u2715", "") == [] and v.name_style("\u2715") == "dismiss"
    assert [i["concept"] for i in v.icon_hits("", "fa fa-trash-can")] == ["delete"]
    assert [i["concept"] for i in v.icon_hits("", "bi bi-trash3")] == ["delete"]
    assert v.icon_hits("", "glyphicon glyphicon-remove") == []      # Bootstrap's close cross
    assert v.icon_hits("Settings", "fa fa-trash") == []              # a name of its own speaks for itself


def test_paths():
    assert [h["concept"] for h in v.path_hits("https://a.test/projects/42/delete")] == ["delete"]
    assert [(h["concept"], h["kind"]) for h in v.path_hits("/api/payments/charge")] == [("pay", "noun"), ("charge", "act")]
    assert v.path_hits("https://news.test/2020/trump-signs-order-to-withdraw-troops") == []
    assert v.path_hits("https://a.test/x?utm_source=donate") == []
    assert [h["concept"] for h in v.path_hits("/account?action=deleteAccount")] == ["delete"]
    assert v.path_words("https://a.test/How_to_contribute/aa-bb-cc-dd?id=12") == [["how", "to", "contribute"], ["id"]]
    assert v.id_words("paymentForm") == ["payment", "form"] and v.id_words("delete_account.php") == ["delete", "account"]


def test_expand_and_segments():
    assert v.expand("delet(e|es|ing)") == ["delete", "deletes", "deleting"]
    assert v.expand("a(b|c)d(e|)") == ["abde", "abd", "acde", "acd"]
    assert v.expand("plain") == ["plain"]
    assert v.segments("Yes, delete it. Now!") == [[{"t": "yes", "c": "w"}, {"t": "delete", "c": "w"}, {"t": "it", "c": "w"}],
                                                  [{"t": "now", "c": "w"}]]
    assert v.segments("删除 foo") == [[{"t": "删除", "c": "c"}, {"t": "foo", "c": "w"}]]
    assert v.segments(None) == [] and v.words_of("l'abonnement") == ["l", "abonnement"]
