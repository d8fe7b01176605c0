"""verify_ptx: the float dataflow of hand-written PTX, compared (no nvcc)."""
from __future__ import annotations

from rapcc.verify_ptx import differing_functions, float_streams, functions, has_floats

HEAD = """
.version 9.0
.target sm_75
.address_size 64
.extern .func (.param .b32 func_retval0) _Z3gtaf(.param .b32 _Z3gtaf_param_0);
"""


def kernel(body: str, name: str = "_Z1kPf", regs: str = "") -> str:
    return HEAD + f""".visible .entry {name}(.param .u64 {name}_param_0)
{{
	.reg .pred %p<4>;
	.reg .f32 %f<40>;
	.reg .b32 %r<90>;
	.reg .b64 %rd<9>;
{regs}
{body}
	ret;
}}
"""


# o = o * s + p * v, contracted as nvcc does with -fmad=true: one mul, one fma.
CONTRACTED = """
	ld.shared.f32 %f1, [%r4];
	ld.shared.f32 %f2, [%r5+128];
	mul.f32 %f3, %f2, %f1;
	fma.rn.f32 %f4, %f9, %f8, %f3;
	st.shared.f32 [%r6], %f4;
"""
# The same float code, other registers and other address arithmetic (a rewritten layout).
RENAMED = """
	shl.b32 %r40, %r41, 2;
	xor.b32 %r42, %r40, %r43;
	ld.shared.f32 %f21, [%r42];
	add.s32 %r44, %r42, 7;
	ld.shared.f32 %f22, [%r44];
	mul.f32 %f23, %f22, %f21;
	fma.rn.f32 %f24, %f29, %f28, %f23;
	st.shared.f32 [%r45+12], %f24;
"""
# o * s first, then p * v + that: the other contraction of the same source (rt4_43 under rap).
OTHER_CONTRACTION = """
	ld.shared.f32 %f1, [%r4];
	ld.shared.f32 %f2, [%r5+128];
	mul.f32 %f3, %f9, %f8;
	fma.rn.f32 %f4, %f2, %f1, %f3;
	st.shared.f32 [%r6], %f4;
"""
UNCONTRACTED = """
	ld.shared.f32 %f1, [%r4];
	ld.shared.f32 %f2, [%r5+128];
	mul.f32 %f3, %f2, %f1;
	mul.f32 %f5, %f9, %f8;
	add.f32 %f4, %f5, %f3;
	st.shared.f32 [%r6], %f4;
"""


def _loop(unroll: int, trips: int = 4) -> str:
    """A sum over `trips` loads, unrolled `unroll` times per loop trip."""
    step = "\n".join(f"\tld.shared.f32 %f{10 + k}, [%r{20 + k}];\n\tadd.f32 %f1, %f1, %f{10 + k};"
                     for k in range(unroll))
    if unroll == trips:
        return "\tmov.f32 %f1, 0f00000000;\n" + step + "\n\tst.global.f32 [%rd1], %f1;"
    return f"""	mov.f32 %f1, 0f00000000;
$L__BB0_1:
{step}
	add.s32 %r1, %r1, {unroll};
	setp.lt.u32 %p1, %r1, {trips};
	@%p1 bra $L__BB0_1;
	st.global.f32 [%rd1], %f1;"""


def differs(a: str, b: str) -> bool:
    return bool(differing_functions(kernel(a), kernel(b)))


def test_same_code_with_other_registers_and_addresses_is_the_same():
    assert not differs(CONTRACTED, RENAMED)


def test_fma_against_mul_and_add_differs():
    (d,) = differing_functions(kernel(CONTRACTED), kernel(UNCONTRACTED))
    assert d.name == "_Z1kPf" and d.before.startswith("fma.rn.f32") and d.after.startswith("mul.f32")


def test_another_contraction_of_the_same_sum_differs():
    assert differs(CONTRACTED, OTHER_CONTRACTION)


def test_a_different_unroll_differs():
    assert differs(_loop(4), _loop(2))
    assert differs(_loop(2), _loop(1))
    assert not differs(_loop(2), _loop(2))


def test_swapped_operands_of_a_sum_differ():
    """Float addition does not associate: the same operations on operands in another order differ."""
    loads = "\tld.global.f32 %f1, [%rd1];\n\tld.global.f32 %f2, [%rd2];\n\tld.global.f32 %f5, [%rd3];\n"
    a = loads + "\tadd.f32 %f3, %f1, %f2;\n\tadd.f32 %f4, %f3, %f5;\n\tst.global.f32 [%rd1], %f4;"
    b = loads + "\tadd.f32 %f3, %f2, %f5;\n\tadd.f32 %f4, %f1, %f3;\n\tst.global.f32 [%rd1], %f4;"
    assert differs(a, b)


def test_the_sources_of_a_commutative_operation_may_swap():
    """a * b is b * a bit for bit, and fma(a, b, c) is fma(b, a, c); a - b is not b - a."""
    loads = "\tld.shared.f32 %f1, [%r1];\n\tld.shared.f32 %f2, [%r2];\n\tld.shared.f32 %f3, [%r3];\n"
    assert not differs(loads + "\tmul.f32 %f4, %f1, %f2;", loads + "\tmul.f32 %f4, %f2, %f1;")
    assert not differs(loads + "\tfma.rn.f32 %f4, %f1, %f2, %f3;", loads + "\tfma.rn.f32 %f4, %f2, %f1, %f3;")
    assert differs(loads + "\tfma.rn.f32 %f4, %f1, %f2, %f3;", loads + "\tfma.rn.f32 %f4, %f3, %f2, %f1;")
    assert differs(loads + "\tsub.f32 %f4, %f1, %f2;", loads + "\tsub.f32 %f4, %f2, %f1;")


def test_a_rounding_modifier_differs():
    assert differs("\tadd.f32 %f3, %f1, %f2;", "\tadd.rn.f32 %f3, %f1, %f2;")
    assert differs("\tdiv.rn.f32 %f3, %f1, %f2;", "\tdiv.approx.f32 %f3, %f1, %f2;")


def test_a_vector_load_or_store_split_into_scalars_is_the_same():
    """A layout decides whether nvcc may vectorise an access: the values moved are the same."""
    vec = "\tld.shared.v2.f32 {%f1, %f2}, [%r1];\n\tadd.f32 %f3, %f1, %f2;\n\tst.shared.v2.f32 [%r2], {%f3, %f1};"
    scalar = ("\tld.shared.f32 %f1, [%r1];\n\tld.shared.f32 %f2, [%r7+4];\n\tadd.f32 %f3, %f1, %f2;\n"
              "\tst.shared.f32 [%r2], %f3;\n\tst.shared.f32 [%r9], %f1;")
    assert not differs(vec, scalar)


def test_a_block_boundary_between_float_instructions_differs():
    """Contraction is decided per basic block: a branch the rewrite adds between a mul and its add matters."""
    split = "\tmul.f32 %f3, %f2, %f1;\n\t@%p1 bra $L__BB0_2;\n\tmov.u32 %r1, 0;\n$L__BB0_2:\n\tadd.f32 %f4, %f3, %f5;"
    whole = "\tmul.f32 %f3, %f2, %f1;\n\tadd.f32 %f4, %f3, %f5;"
    assert differs(whole, split)


def test_address_arithmetic_does_not_count_and_a_value_s_integers_do():
    """Integers that make an address are the rewrite's to change; integers that become a float value are
    part of its computation."""
    a = ("\tld.global.u32 %r1, [%rd1];\n\tand.b32 %r2, %r1, 31;\n\tcvt.rn.f32.s32 %f1, %r2;\n"
         "\tst.shared.f32 [%r9], %f1;")
    b = ("\tmul.lo.s32 %r7, %r8, 33;\n\tand.b32 %r9, %r7, 31;\n\tld.global.u32 %r11, [%rd1+4];\n"
         "\tand.b32 %r12, %r11, 31;\n\tcvt.rn.f32.s32 %f5, %r12;\n\tst.shared.f32 [%r9+128], %f5;")
    assert not differs(a, b)
    assert differs(a, a.replace("and.b32 %r2, %r1, 31", "and.b32 %r2, %r1, 15"))
    assert not has_floats(kernel("\tadd.s32 %r1, %r2, %r3;\n\tst.shared.u32 [%r4], %r1;"))
    assert has_floats(kernel(a))


def test_loaded_values_keep_their_identity():
    """o * s + p * v against p * v + o * s, all four loaded: the same leaves in other roles differ."""
    a = ("\tld.shared.f32 %f1, [%r1];\n\tld.shared.f32 %f2, [%r2];\n\tld.shared.f32 %f3, [%r3];\n"
         "\tld.shared.f32 %f4, [%r4];\n\tmul.f32 %f5, %f1, %f2;\n\tfma.rn.f32 %f6, %f3, %f4, %f5;")
    b = a.replace("mul.f32 %f5, %f1, %f2", "mul.f32 %f5, %f3, %f4").replace("%f3, %f4, %f5;", "%f1, %f2, %f5;")
    assert differs(a, b)
    half = ("\tld.shared.u16 %rs1, [%r1];\n\tld.shared.u16 %rs2, [%r2];\n\tld.shared.u16 %rs3, [%r3];\n"
            "\tmul.f16 %rs4, %rs1, %rs2;\n\tadd.f16 %rs5, %rs4, %rs3;")
    assert differs(half, half.replace("%rs1, %rs2;", "%rs2, %rs3;").replace("%rs4, %rs3;", "%rs4, %rs1;"))


def test_a_float_register_moved_as_bits_counts():
    """`mov.b32 %f2, %r1` (a shuffle's result) is float code although its type is .b32."""
    shuffled = "\tmov.b32 %r1, %f1;\n\tshfl.sync.bfly.b32 %r2, %r1, 1, 31, -1;\n\tmov.b32 %f2, %r2;\n"
    assert differs(shuffled + "\tsub.f32 %f3, %f2, %f1;", shuffled + "\tsub.f32 %f3, %f1, %f2;")
    # A plain move is its source: a bit cast through an integer register changes nothing.
    assert not differs("\tld.shared.u32 %r1, [%r9];\n\tmov.b32 %f2, %r1;\n\tadd.f32 %f3, %f2, %f2;",
                       "\tld.shared.f32 %f7, [%r4];\n\tadd.f32 %f3, %f7, %f7;")


def test_half_arithmetic_counts_by_its_type():
    a = "\tfma.rn.f16 %rs3, %rs1, %rs2, %rs4;"
    b = "\tmul.f16 %rs5, %rs1, %rs2;\n\tadd.f16 %rs3, %rs5, %rs4;"
    assert differs(a, b) and has_floats(kernel(a))


def test_functions_are_read_apart_and_declarations_skipped():
    ptx = kernel(CONTRACTED) + kernel(UNCONTRACTED, name="_Z2k2Pf")
    assert set(functions(ptx)) == {"_Z1kPf", "_Z2k2Pf"}
    streams = float_streams(ptx)
    assert streams["_Z1kPf"].floats == 5 and streams["_Z2k2Pf"].floats == 6
    (d,) = differing_functions(ptx, kernel(CONTRACTED) + kernel(CONTRACTED, name="_Z2k2Pf"))
    assert d.name == "_Z2k2Pf"


def test_a_function_with_floats_on_one_side_only_differs():
    assert differing_functions(kernel(CONTRACTED), HEAD)
    assert not differing_functions(kernel("\tadd.s32 %r1, %r2, %r3;"), HEAD)


def test_a_call_block_keeps_its_vector_operands():
    call = """
	{
	.param .b32 param0;
	st.param.f32 [param0], %f1;
	.param .b32 retval0;
	call.uni (retval0), _Z3gtaf, (param0);
	ld.param.f32 %f2, [retval0];
	}
	add.f32 %f3, %f2, %f1;"""
    (stream,) = float_streams(kernel(call)).values()
    assert any(s.startswith("call.uni") and "_Z3gtaf" in s for s in stream.instructions)
    assert not differs(call, call.replace("%f1", "%f7"))


ARRAYS = "\tmov.u32 %r1, _ZZ1kE1t;\n\tmov.u32 %r2, _ZZ1kE4rows;\n\tadd.s32 %r3, %r1, %r8;\n\tadd.s32 %r4, %r2, %r9;\n"


def test_loads_of_two_arrays_in_another_order_are_the_same():
    """nvcc may load `rows` before `t` once the addresses are computed differently (rt42 under auto)."""
    a = ARRAYS + ("\tld.shared.f32 %f1, [%r3];\n\tld.shared.u32 %r5, [%r4];\n\tcvt.rn.f32.s32 %f2, %r5;\n"
                  "\tfma.rn.f32 %f3, %f1, %f2, %f3;")
    b = ARRAYS + ("\tld.shared.u32 %r5, [%r4+4];\n\tcvt.rn.f32.s32 %f2, %r5;\n\tld.shared.f32 %f1, [%r3];\n"
                  "\tfma.rn.f32 %f3, %f2, %f1, %f3;")
    assert not differs(a, b)


def test_two_elements_of_one_array_in_each_other_s_place_differ():
    """t[0] * t[1] + t[2] * t[3]: which product the fma takes is seen through the loads' order in `t`."""
    loads = ARRAYS + "".join(f"\tld.shared.f32 %f{k}, [%r3+{4 * k}];\n" for k in range(1, 5))
    a = loads + "\tmul.f32 %f5, %f3, %f4;\n\tfma.rn.f32 %f6, %f1, %f2, %f5;"
    b = loads + "\tmul.f32 %f5, %f1, %f2;\n\tfma.rn.f32 %f6, %f3, %f4, %f5;"
    assert differs(a, b)


def test_an_anonymous_namespace_compiled_from_another_folder_is_the_same_function():
    """nvcc names an anonymous namespace after the file's path; the rewrite compiles from a temporary folder."""
    here, there = "_GLOBAL__N__68d047b2_30_rt3_49_anon_namespace_legal_cu_90772402", "_GLOBAL__N__b695821f_6_x49_cu_90772402"
    a = kernel(CONTRACTED, name=f"_ZN{len(here)}{here}8rt3_49_kEPf")
    b = kernel(RENAMED, name=f"_ZN{len(there)}{there}8rt3_49_kEPf")
    assert list(float_streams(a)) == ["_ZN11_GLOBAL__N_8rt3_49_kEPf"]
    assert not differing_functions(a, b)
    assert differing_functions(a, kernel(UNCONTRACTED, name=f"_ZN{len(there)}{there}8rt3_49_kEPf"))


def test_the_same_blocks_laid_out_otherwise_are_the_same():
    """A loop nvcc rotates or enters through an unconditional branch once the index arithmetic changes
    (rt4_10 under auto): the float instructions sit in the same blocks."""
    body = "\tld.shared.f32 %f2, [%r3];\n\tadd.f32 %f1, %f1, %f2;\n"
    a = f"\t@%p1 bra $L__BB0_2;\n$L__BB0_1:\n{body}\t@%p2 bra $L__BB0_1;\n$L__BB0_2:\n\tst.global.f32 [%rd1], %f1;"
    b = (f"\t@%p1 bra $L__BB0_5;\n\tbra.uni $L__BB0_3;\n$L__BB0_3:\n{body}\tsetp.lt.s32 %p7, %r1, 9;\n"
         f"\t@%p7 bra $L__BB0_3;\n$L__BB0_5:\n\tst.global.f32 [%rd1], %f1;")
    assert not differs(a, b)
    assert differs(a, b.replace(body, body + body))  # unrolled by 2
