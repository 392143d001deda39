"""Every case in cases.py must give the same JSON result under CPython and Transcrypt JS."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.parity import harness
from tests.parity.cases import CASES

IDS = harness.case_ids(CASES)


@pytest.fixture(scope="session")
def parity_results():
    results = harness.run_cases(CASES)
    return dict(zip(IDS, results))


@pytest.mark.parametrize("case_id", IDS)
def test_parity(parity_results, case_id):
    comparison = parity_results[case_id]
    assert comparison.ok, "CPython and JS differ:\n" + comparison.describe()


def test_no_case_crashes_on_either_side(parity_results):
    crashed = [cid for cid, c in parity_results.items()
               if isinstance(c.py, dict) and "error" in c.py or isinstance(c.js, dict) and "error" in c.js]
    assert crashed == []
