// Each row reread as int2 pairs (reinterpret_cast<const int2 *>(tile[r])[k]),
// a vectorized load: a row that no longer starts at an 8-byte boundary
// makes the load misaligned on the GPU.
// launch: rt3_57_int2_row_view 2 32x8
__global__ void rt3_57_int2_row_view(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 4095;
    __syncthreads();
    const int2 v = reinterpret_cast<const int2 *>(tile[tx % 8])[(ty * 4 + tx / 8) % 16];
    out[blockIdx.x * 256 + tid] = v.x + 3 * v.y + tile[tx % 8][ty * 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_57_int2_row_view<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
