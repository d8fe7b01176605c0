/* Empty on purpose: clang 18's __clang_cuda_runtime_wrapper.h includes this
 * header, which CUDA 13 dropped (texture references went with it). Searched
 * last (-idirafter), so a toolkit that still has it wins. See docs/headers.md. */
