"""One CUDA program for a batch of host-fuzzer kernels (gpucheck.py): every
variant of every kernel (the original twice, each distinct rewrite) in its
own namespace, and a main() that runs each variant's launches on the device
with the host check's input, into an output buffer poisoned with 0xDEADBEEF,
and writes one record per variant: its index, the CUDA error code, and the
NOUT ints of output."""
from __future__ import annotations

from dataclasses import dataclass

from rapcc.rewrite import DYNAMIC_SMEM_HELPER

from .hostgen import NIN, NOUT, HostKernel, cuda_call
from .hostvariants import INPUT_INIT

POISON = 0xDEADBEEF
RECORD_BYTES = 8 + 4 * NOUT  # int32 variant, int32 cudaError_t, NOUT int32 outputs


@dataclass(frozen=True, slots=True)
class Variant:
    """One text of one kernel in the program: `kernel` indexes the batch,
    `namespace` holds it."""
    kernel: int
    namespace: str
    text: str


def mangled(namespace: str, name: str) -> str:
    """The PTX name nvcc gives `namespace::name` (Itanium mangling)."""
    return f"_ZN{len(namespace)}{namespace}{len(name)}{name}E"


def asm_intact(kernel: HostKernel, text: str) -> bool:
    """Whether every asm statement that names an array by its PTX name is in
    `text` as generated: only then can the program rename the array for its
    namespace."""
    return not kernel.ptx_arrays or all(asm in text for asm, _ in kernel.host_asm)


def in_namespace(kernel: HostKernel, text: str, namespace: str) -> str:
    """`text` with the PTX array names in its asm statements mangled for
    `namespace` (asm_intact must hold)."""
    for asm, _ in kernel.host_asm:
        fixed = asm
        for array in kernel.ptx_arrays:
            fixed = fixed.replace(f"[{array}+", f"[{mangled(namespace, array)}+")
        text = text.replace(asm, fixed)
    return text


def variants(batch: list[tuple[HostKernel, list[str]]]) -> list[Variant]:
    """The program's variants in record order: kernel j's texts in the
    namespaces fz_k{j}_v0, fz_k{j}_v1, ..."""
    out = []
    for j, (kernel, texts) in enumerate(batch):
        for i, text in enumerate(texts):
            ns = f"fz_k{j}_v{i}"
            out.append(Variant(j, ns, in_namespace(kernel, text, ns)))
    return out


KERNEL_HEADERS = ("cuda_fp16.h", "cuda_bf16.h", "cooperative_groups.h", "cuda_pipeline.h", "mma.h", "stdint.h",
                  "stddef.h", "new", "utility", "algorithm", "array", "functional", "map", "tuple")


def program(batch: list[tuple[HostKernel, list[str]]]) -> str:
    """The .cu text; run as `prog RECORDS [FIRST]`, it runs variants FIRST..
    in order and stops at the first CUDA error (exit 3), since an error may
    leave the context unusable for the variants after it."""
    vs = variants(batch)
    # The headers a kernel file may include (tests/redteam2/): each variant
    # sits in a namespace, where an #include already seen here is a no-op
    # (its guard) and a first one would declare the library in the namespace.
    lines = ["#include <cstdio>", "#include <cstdlib>", "#include <cuda_runtime.h>",
             *(f"#include <{h}>" for h in KERNEL_HEADERS)]
    # rapcc's helper for the launch's dynamic size (templates/helpers.j2), once
    # for all: its guard would leave every variant's namespace but the first
    # without it.
    lines += ["#define RAPCC_DYNAMIC_SMEM_BYTES_DEFINED",
              f"static __device__ __forceinline__ unsigned int {DYNAMIC_SMEM_HELPER}(void) "
              '{ unsigned int r; asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(r)); return r; }']
    # Each variant restarts the line count, so `__LINE__` in a kernel is its
    # own file's line in every copy, wherever the batch pastes it (rt3_124).
    for v in vs:
        lines += [f"namespace {v.namespace} {{", f'#line 1 "{v.namespace}.cu"', v.text,
                  f"}}  // namespace {v.namespace}"]
    lines += ["static void fz_run(int v, const int* in, int* out) {", "    switch (v) {"]
    for n, v in enumerate(vs):
        calls = " ".join(cuda_call(l, f"{v.namespace}::{l.kernel}", "in", f"out + {l.out_offset}")
                         for l in batch[v.kernel][0].launches)
        lines.append(f"    case {n}: {calls} break;")
    lines += ["    }", "}", "",
              "int main(int argc, char** argv) {",
              "    if (argc < 2) { fprintf(stderr, \"usage: %s RECORDS [FIRST]\\n\", argv[0]); return 2; }",
              "    FILE* records = fopen(argv[1], argc > 2 ? \"ab\" : \"wb\");",
              "    if (!records) { perror(argv[1]); return 2; }",
              "    const int first = argc > 2 ? atoi(argv[2]) : 0;",
              f"    static int fz_in[{NIN}];", f"    static int fz_host[{NOUT}];",
              f"    {INPUT_INIT}",
              "    int* in = nullptr; int* out = nullptr;",
              "    cudaError_t e = cudaMalloc(&in, sizeof fz_in);",
              "    if (e == cudaSuccess) e = cudaMalloc(&out, sizeof fz_host);",
              "    if (e == cudaSuccess) e = cudaMemcpy(in, fz_in, sizeof fz_in, cudaMemcpyHostToDevice);",
              "    if (e != cudaSuccess) { fprintf(stderr, \"setup: %s\\n\", cudaGetErrorString(e)); return 2; }",
              f"    for (int v = first; v < {len(vs)}; ++v) {{",
              f"        for (int i = 0; i < {NOUT}; ++i) fz_host[i] = (int){POISON:#x}u;",
              "        e = cudaMemcpy(out, fz_host, sizeof fz_host, cudaMemcpyHostToDevice);",
              "        if (e != cudaSuccess) { fprintf(stderr, \"setup: %s\\n\", cudaGetErrorString(e)); return 2; }",
              "        fz_run(v, in, out);",
              "        e = cudaGetLastError();",
              "        if (e == cudaSuccess) e = cudaDeviceSynchronize();",
              "        if (e == cudaSuccess) e = cudaMemcpy(fz_host, out, sizeof fz_host, cudaMemcpyDeviceToHost);",
              "        const int head[2] = {v, (int)e};",
              "        fwrite(head, sizeof head, 1, records);",
              "        fwrite(fz_host, sizeof fz_host, 1, records);",
              "        fflush(records);",
              "        if (e != cudaSuccess) { fprintf(stderr, \"variant %d: %s\\n\", v, cudaGetErrorString(e)); return 3; }",
              "    }",
              "    fclose(records);",
              "    return 0;",
              "}"]
    return "\n".join(lines) + "\n"
