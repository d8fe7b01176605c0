/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   's' in 'k': elempad (pad element 32 -> 40 bytes)
 * Reproduce: rapcc benchmarks/elempad/aos_bench.cu --strategy auto --seed 1 -o OUTPUT
 */

#ifndef RAPCC_PADDED_ELEMENT_DEFINED
#define RAPCC_PADDED_ELEMENT_DEFINED
template <class T, int PAD> struct __rapcc_padded { T v; char pad[PAD]; };
#endif
#line 1 "benchmarks/elempad/aos_bench.cu"
// Element padding (issue 30) on the GPU: a 32-byte struct of doubles read one
// field per thread, many times; timed with CUDA events, original and rewrite alternating.
struct P { double x, y, z, w; };
__global__ void k(const double *in, double *out, int reps) {
    __shared__ __rapcc_padded<P, 8> s[256];
    unsigned t = threadIdx.x, b = blockIdx.x * 256;
    s[t].v.x = in[b + t]; s[t].v.y = in[b + t] + 1.0; s[t].v.z = in[b + t] * 2.0; s[t].v.w = in[b + t] - 1.0;
    __syncthreads();
    double acc = 0.0;
    for (int r = 0; r < 64; ++r)
        acc += s[(t + r) % 256].v.x * s[(t + 3 * r) % 256].v.y + s[(t + 5 * r) % 256].v.w;
    out[b + t] = acc + reps;
}
void run(const double *in, double *out) { k<<<4096, 256>>>(in, out, 0); }
