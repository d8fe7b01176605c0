// The constexpr index function called with a column past the row:
// idx(ty, tx + 16) reaches the next row's first 16 elements of the flat tile.
// launch: rt3_05_constexpr_index_fn_wide 2 32x8
constexpr __host__ __device__ int idx(int r, int c) { return r * 32 + c; }
static __global__ void rt3_05_constexpr_index_fn_wide(const int *in, int *out, int p) {
    __shared__ int flat[16 * 32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    flat[idx(ty, tx)] = in[blockIdx.x * 512 + tid] & 4095;
    flat[idx(ty + 8, tx)] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = flat[idx(ty, tx + 16)] + 2 * flat[idx(tx % 16, ty)];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_05_constexpr_index_fn_wide<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
