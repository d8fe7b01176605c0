// A constexpr index function over a flat tile, the way a kernel library
// spells a row-major layout once: idx(r, c) = r * 32 + c, c always < 32.
// launch: rt3_04_constexpr_index_fn_legal 2 32x8
// expect: rewritten
constexpr __host__ __device__ int idx(int r, int c) { return r * 32 + c; }
static __global__ void rt3_04_constexpr_index_fn_legal(const int *in, int *out, int p) {
    __shared__ float flat[32 * 32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) flat[idx(j, tx)] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(flat[idx(tx, j)]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_04_constexpr_index_fn_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
