"""The top level of the walk: the file's macros, launches, providers and
file-scope arrays, the integer instances of its function templates, and
each function (kernel or device function) with its locals and block shape
hints (`__launch_bounds__`, `#pragma rapcc block_dim`)."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import clang.cindex as ci
from clang.cindex import Cursor, CursorKind as K

from .. import cint, ir
from .annotations import annotated_block_dim
from .clangext import children, file_location, nontype_template_arguments, specialized_template
from .exprs import decl_key, int_type, to_expr
from .host_values import host_launches, kernel_fields
from .linkage import UserFile, may_instantiate_explicitly
from .parse import SHIM_DIR
from .providers import classify, find_providers, PROVIDES
from .tokens import FileTokens
from .toplevel import Top, top_level
from .statements import SubtreeWrites
from .collect_state import _ALL_FUNCTIONS, _CollectorState, _Ctx, _FUNCTION_KINDS, _function_key, _is_shared


_DECLARATIONS = _ALL_FUNCTIONS | {K.VAR_DECL}


class _Kernels(_CollectorState):
    """Functions, their variables, template instances and launch shapes."""

    # -- top level -------------------------------------------------------------

    def _instantiable(self) -> bool:
        """Whether the unit may instantiate its kernel templates for others (linkage.py)."""
        if self._explicit is None:
            by_file: dict[str, list[Cursor]] = {}
            for t in top_level(self.tu):
                if _user_code(t) and t.file is not None:
                    by_file.setdefault(self.path if t.main else t.file, []).append(t.cursor)
            by_file.setdefault(self.path, [])
            own = [c.spelling for cs in by_file.values() for c in cs if c.kind == K.MACRO_DEFINITION]
            files = []
            for name, cursors in by_file.items():
                if name == self.path:
                    tokens = self.tokens
                else:
                    try:
                        data = Path(name).read_bytes()
                    except OSError:
                        self._explicit = True  # a file clang read that rapcc cannot: anything may be in it
                        return True
                    tokens = FileTokens(self.tu, name, len(data), data)
                files.append(UserFile(
                    tokens,
                    tuple((c.extent.start.offset, c.extent.end.offset, c.spelling) for c in cursors
                          if c.kind == K.MACRO_INSTANTIATION),
                    tuple((c.extent.start.offset, c.extent.end.offset) for c in cursors if c.kind in _ALL_FUNCTIONS)))
            self._explicit = may_instantiate_explicitly(files, own)
        return self._explicit

    def run(self) -> None:
        tops = top_level(self.tu)
        self._tops = [t.cursor for t in tops if t.main]
        self._launches = host_launches(self._tops, self._walks, self.tokens, self.program_constants) \
            if self.host_facts else []
        for launch in self._launches:  # by kernel: a scan of every launch per kernel is quadratic
            self._launches_of.setdefault(launch.kernel, []).append(launch)
        for c in self._tops:
            if c.kind == K.MACRO_DEFINITION:
                self.macros[c.spelling] = [t.spelling for t in c.get_tokens()][1:]
        for c in self._tops:
            if c.kind == K.MACRO_INSTANTIATION:
                self._expansions.append((c.extent.start.offset, c.extent.end.offset, c.spelling))
        # Walk only what the main file declares: the shim's thousands of
        # declarations hold no shared arrays of the user's.
        decls = [d for top in self._tops
                 for d in self._walks.walk(top) if d.kind in _DECLARATIONS]
        self.providers = find_providers([t.cursor for t in tops if _user_code(t)])
        # A block-scope `extern __shared__` declaration belongs to the file scope in
        # clang's eyes; inside a provider it is seen through the provider's callers.
        inside_providers = [(c.extent.start.offset, c.extent.end.offset) for c in decls
                            if self.providers and c.kind in _ALL_FUNCTIONS and classify(c) == PROVIDES]
        for c in decls:
            if any(s <= c.extent.start.offset < e for s, e in inside_providers):
                continue
            # A block-scope `extern __shared__` has the file as its semantic parent;
            # it belongs to its function (added by _declare).
            if _is_shared(c) and c.semantic_parent is not None and c.semantic_parent.kind == K.TRANSLATION_UNIT \
                    and (c.lexical_parent is None or c.lexical_parent.kind not in _ALL_FUNCTIONS):
                self._add_array(c, None)
                key = decl_key(c)
                if self.unit is not None and key in self.arrays and c.spelling in self.unit[1]:
                    self.escapes.append(ir.Escape(key, None, self.arrays[key].decl,
                                                  f"file-scope '{c.spelling}' is also used by '{self.unit[0]}', "
                                                  "which includes this file"))
                if self.rdc and key in self.arrays and c.linkage != ci.LinkageKind.INTERNAL:
                    self.escapes.append(ir.Escape(key, None, self.arrays[key].decl,
                                                  f"file-scope '{c.spelling}' has external linkage and the build "
                                                  "links device code across files (-rdc): another file may use it"))
        self._find_instantiations()
        # Every function's arrays before any walk: a callee's calls from a later
        # function pass arrays the walk of an earlier one must recognise.
        for c in decls:
            if c.kind in _ALL_FUNCTIONS and self._in_main(c) and c.is_definition() \
                    and not (self.providers and classify(c) == PROVIDES):
                for d in self._walks.walk(c):
                    if d.kind == K.VAR_DECL and _is_shared(d):
                        self._add_array(d, c.spelling)
                        if c.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
                            self.member_escape(d, c)
        self._definitions = [(c.extent.start.offset, c.extent.end.offset, c) for c in decls
                             if c.kind in _ALL_FUNCTIONS and c.is_definition()]
        for c in decls:
            if c.kind in _FUNCTION_KINDS and self._in_main(c) and c.is_definition():
                if self.providers and classify(c) == PROVIDES:
                    continue  # its extern array is analysed through each pointer taken from it
                self._function(c)
        self._leak_dynamic_memory()
        self._dynamic_memory_in_callees()
        if self._objects:  # an object's uses (`tile.at(r, c)`) are no array's: its own reason says why
            first = {}
            for i, e in enumerate(self.escapes):
                if e.array in self._objects:
                    first.setdefault(e.array, i)
            self.escapes = [e for i, e in enumerate(self.escapes)
                            if e.array not in self._objects or first[e.array] == i]
        if self.rdc:  # a device function of another file may declare the launch's extern memory too
            for arr in self.arrays.values():
                if arr.is_extern:
                    self.escapes.append(ir.Escape(arr.key, arr.function, arr.decl,
                                                  f"'{arr.name}' is the launch's dynamic shared memory and the build "
                                                  "links device code across files (-rdc): a function of another "
                                                  "file may reach it"))

    def _find_instantiations(self) -> None:
        """Integer template arguments of every call of a function template in the
        file (`k<16><<<grid, block>>>(...)` included)."""
        found: dict[str, set[tuple[tuple[str, int], ...]]] = {}
        for top in self._tops:
            for c in self._walks.walk(top):
                kind = c.kind
                if kind == K.DECL_REF_EXPR and c.referenced is not None and \
                        c.referenced.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
                    fkey = _function_key(c.referenced)
                    self._refs[fkey] = self._refs.get(fkey, 0) + 1
                if kind != K.CALL_EXPR:
                    continue
                if c.referenced is not None and c.referenced.kind == K.FUNCTION_DECL:
                    self._calls.setdefault(_function_key(c.referenced), []).append(c)
                ref = c.referenced
                if ref is None or ref.kind != K.FUNCTION_DECL or ref.get_num_template_arguments() <= 0:
                    continue
                tmpl = specialized_template(ref)
                if tmpl is None or tmpl.kind != K.FUNCTION_TEMPLATE:
                    continue
                # A pack's instance is not known (None): it adds none here, and
                # the sound IR keeps the template's arrays (program.py).
                pairs = nontype_template_arguments(ref, tmpl) or ()
                values = [(decl_key(prm), v) for prm, v in pairs if v is not None]
                if values:
                    found.setdefault(decl_key(tmpl), set()).add(tuple(values))
        self.instantiations = {k: tuple(sorted(v)) for k, v in found.items()}

    def _function(self, fn: Cursor) -> None:
        body = next((k for k in children(fn) if k.kind == K.COMPOUND_STMT), None)
        if body is None:
            return
        name = fn.spelling
        is_global = any(k.kind == K.CUDAGLOBAL_ATTR for k in children(fn))
        for k in children(fn):
            if k.kind == K.PARM_DECL:
                self._var(k, "param", None)
            elif k.kind == K.TEMPLATE_NON_TYPE_PARAMETER:
                self._var(k, "template_param", None)
        self.kernels.append(ir.Kernel(
            name=name, is_global=is_global, range=self._cursor_range(fn),
            launch_bounds=self._launch_bounds(fn, body), pragma_block_dim=self._pragma_block_dim(body) or annotated_block_dim(fn),
            instantiations=self.instantiations.get(decl_key(fn), ()),
            callers=None if is_global else self._callers(fn),
            external=is_global and fn.linkage == ci.LinkageKind.EXTERNAL
            and (fn.kind != K.FUNCTION_TEMPLATE or self.unit is not None or self._instantiable()),
            **kernel_fields(self._launches_of.get(name, []), name, self.instantiations.get(decl_key(fn), ()),
                            self.launch_shapes.get(name, ()), self.launch_unknown.get(name, ()),
                            None if self.launch_smem is None else self.launch_smem.get(name))))
        self._declare(fn, body)
        self._scope_end = file_location(fn.extent.end).offset
        self._bodies.setdefault(name, []).append(body)
        self._walk(body, _Ctx(name))

    def _callers(self, fn: Cursor) -> tuple[str, ...] | None:
        """The free functions that call device function `fn`, where every use of
        it is such a call that this file shows; None otherwise. Other files
        call it only under -rdc; a unit that includes this file, a method, a
        lambda or a pointer to it may call it where this walk does not look."""
        if fn.kind != K.FUNCTION_DECL or self.rdc or self.unit is not None:
            return None
        fkey = _function_key(fn)
        calls = self._calls.get(fkey, [])
        if not calls or self._refs.get(fkey, 0) != len(calls):
            return None  # never called here, or named other than in a call (its address taken)
        names = []
        for call in calls:
            at = call.extent.start.offset
            around = [(e - s, c) for s, e, c in self._definitions if s <= at < e]
            if not around:
                return None  # a file-scope initializer
            caller = min(around, key=lambda x: x[0])[1]
            if caller.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) or call.extent.start.file is None \
                    or not self._in_main(caller):
                return None
            names.append(caller.spelling)
        return tuple(dict.fromkeys(names))

    def _declare(self, fn: Cursor, body: Cursor) -> None:
        """Describe a function's locals and count its declarations per name."""
        self._subtree_writes = SubtreeWrites(self._walks, body)
        assigned = self._writes(body)
        self._assigned = assigned
        self._body, self._uniform = body, None
        self._params_uniform = any(k.kind == K.CUDAGLOBAL_ATTR for k in children(fn))
        self._names = {}
        self._decl_at = {}
        for c in self._walks.walk(fn):
            kind = c.kind
            if kind in (K.VAR_DECL, K.PARM_DECL):
                self._names[c.spelling] = self._names.get(c.spelling, 0) + 1
                self._decl_at.setdefault(c.spelling, []).append(file_location(c.location).offset)
            if kind == K.VAR_DECL:
                if _is_shared(c):
                    self._add_array(c, fn.spelling)
                else:
                    self._local(c, assigned)

    # -- variables -------------------------------------------------------------

    def _var(self, decl: Cursor, kind: ir.VarKind, init: ir.Expr | None) -> None:
        it = int_type(decl.type) or cint.INT
        key = decl_key(decl)
        self.vars[key] = ir.VarDef(key, decl.spelling, kind, init, signed=it.signed, bits=it.bits)

    def _local(self, decl: Cursor, assigned: dict[str, int]) -> None:
        key = decl_key(decl)
        init_cursor = next((k for k in children(decl) if k.kind not in (K.TYPE_REF, K.NAMESPACE_REF, K.TEMPLATE_REF)
                            and k.kind.is_expression()), None)
        if key in self.vars:  # a loop induction variable, already described
            return
        init = None
        typed = int_type(decl.type) is not None
        if init_cursor is not None and not typed and _template_typed(decl) and int_type(init_cursor.type) is not None:
            # The SDK's `matrixMul<block_size, size_type>`: an index whose type is
            # known only per instance. Its value is followed as its initializer's;
            # the accesses that read it are predicted but never rewritten
            # (`dependent_type_escapes`), since another instance may wrap otherwise.
            typed = True
            self.assumed_types[key] = decl.type.spelling
        if init_cursor is not None and typed:
            self.initial[key] = (to_expr(init_cursor), file_location(decl.location).offset)
            if assigned.get(key, 0) == 0:
                init = self.initial[key][0]
        if key in self.assumed_types:
            it = (int_type(init_cursor.type) if init_cursor is not None else None) or cint.INT
            self.vars[key] = ir.VarDef(key, decl.spelling, "local", init, signed=it.signed, bits=it.bits)
            return
        self._var(decl, "local", init)

    # -- block shape hints ------------------------------------------------------

    def _int_tokens(self, toks: list[str]) -> int | None:
        """Value of `N` or of a macro that is `N` / `(N)`."""
        seen = 0
        while len(toks) == 1 and not toks[0][0].isdigit() and toks[0] in self.macros and seen < 8:
            toks = [t for t in self.macros[toks[0]] if t not in "()"]
            seen += 1
        toks = [t for t in toks if t not in "()"]
        if len(toks) == 1 and toks[0][0].isdigit():
            try:
                return int(toks[0].rstrip("uUlL"), 0)
            except ValueError:
                return None
        return None

    def _launch_bounds(self, fn: Cursor, body: Cursor) -> int | None:
        start = file_location(fn.extent.start).offset
        stop = file_location(body.extent.start).offset
        for i in self.tokens.find_sequence(start, stop, ("__launch_bounds__", "(")):
            toks = []
            for t in self.tokens.tokens[i + 2:]:
                if t.spelling in (",", ")"):
                    break
                toks.append(t.spelling)
            return self._int_tokens(toks)
        return None

    def _pragma_block_dim(self, body: Cursor) -> tuple[int, int, int] | None:
        start = file_location(body.extent.start).offset
        stop = file_location(body.extent.end).offset
        for i in self.tokens.find_sequence(start, stop, ("#", "pragma", "rapcc", "block_dim", "(")):
            vals: list[int] = []
            cur: list[str] = []
            for t in self.tokens.tokens[i + 5:]:
                if t.spelling in (",", ")"):
                    v = self._int_tokens(cur)
                    if v is None or v <= 0:
                        return None
                    vals.append(v)
                    cur = []
                    if t.spelling == ")":
                        break
                else:
                    cur.append(t.spelling)
            if 1 <= len(vals) <= 3:
                return tuple(vals + [1] * (3 - len(vals)))  # type: ignore[return-value]
        return None


def _user_code(t: Top) -> bool:
    """Whether a top-level cursor is the user's: not rapcc's stand-in headers, not a system header."""
    return t.file is not None and not t.system and not _in_shim(t.file)


@cache
def _in_shim(name: str) -> bool:
    return SHIM_DIR in Path(name).parents


def _template_typed(decl: Cursor) -> bool:
    """Whether a local's type is a template parameter (or depends on one)."""
    return decl.type.get_canonical().kind in (ci.TypeKind.UNEXPOSED, ci.TypeKind.DEPENDENT) \
        and "*" not in decl.type.spelling and "&" not in decl.type.spelling
