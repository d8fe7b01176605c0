// Rows chosen through a __constant__ permutation table (in range), and
// column offsets from a second table that run past the row.
// launch: rt2_44_constant_permutation 2 32x8
__constant__ int kPerm[8] = {3, 1, 7, 5, 0, 2, 6, 4};
__constant__ int kShift[8] = {0, 8, 16, 24, 32, 40, 48, 56};
__global__ void rt2_44_constant_permutation(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[kPerm[ty]][tx] + tile[tx & 3][(tx & 7) + kShift[ty]];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_44_constant_permutation<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
