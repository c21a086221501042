"""The client stays in step with the live API documents: generated types are current, and every operation of
/v1/openapi.json has a method whose parameters are the document's."""

import inspect
import json
import os
import re
import unittest
import urllib.request
from typing import Any, Dict, Set

from lede import Lede
from lede.client import OPERATIONS
from tools import generate_types

from . import support

PACKAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lede")


def snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def fetch(url: str) -> Dict[str, Any]:
    with urllib.request.urlopen(url, timeout=30) as res:
        return json.loads(res.read().decode("utf-8"))


def setUpModule() -> None:
    global openapi, asyncapi
    srv = support.server()
    openapi = fetch(srv.base_url + "/v1/openapi.json")
    asyncapi = fetch(srv.base_url + "/v1/asyncapi.json")


class GeneratedTypesTest(unittest.TestCase):
    def test_rest_types_match_the_live_openapi_document(self) -> None:
        with open(os.path.join(PACKAGE, "types.py"), encoding="utf-8") as f:
            committed = f.read()
        self.assertEqual(
            committed,
            generate_types.openapi_module(openapi, "/v1/openapi.json"),
            "lede/types.py is stale: run tools/generate_types.py against a current server",
        )

    def test_realtime_types_match_the_live_asyncapi_document(self) -> None:
        with open(os.path.join(PACKAGE, "realtime_types.py"), encoding="utf-8") as f:
            committed = f.read()
        self.assertEqual(
            committed,
            generate_types.asyncapi_module(asyncapi, "/v1/asyncapi.json"),
            "lede/realtime_types.py is stale: run tools/generate_types.py against a current server",
        )


class OperationTableTest(unittest.TestCase):
    def test_every_operation_has_a_method_with_the_documents_parameters(self) -> None:
        documented: Dict[str, Any] = {}
        for path, ops in openapi["paths"].items():
            for method, op in ops.items():
                documented[op["operationId"]] = (method.upper(), path, op)
        self.assertEqual(len(documented), 31)
        self.assertEqual(sorted(OPERATIONS), sorted(documented))
        for operation_id, (method, path, op) in documented.items():
            with self.subTest(operation_id):
                self.assertEqual(OPERATIONS[operation_id], (method, path))
                fn = getattr(Lede, snake(operation_id))
                params: Set[str] = {p["name"] for p in op.get("parameters", [])}
                body = op.get("requestBody")
                if body:
                    params |= set(body["content"]["application/json"]["schema"]["properties"])
                signature = inspect.signature(fn)
                names = {"from" if n == "from_" else n for n in signature.parameters if n != "self"}
                self.assertEqual(names, params)
                required = {p["name"] for p in op.get("parameters", []) if p.get("required")}
                if body:
                    required |= set(body["content"]["application/json"]["schema"].get("required", []))
                without_default = {
                    "from" if n == "from_" else n
                    for n, p in signature.parameters.items()
                    if n != "self" and p.default is inspect.Parameter.empty
                }
                self.assertEqual(without_default, required)
