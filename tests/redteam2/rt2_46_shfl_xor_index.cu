// A shuffle's result as a column: __shfl_xor_sync(mask, tid, 16) is the id
// of lane ^ 16, up to 255, used in row 0 of a tile of rows of 32.
// launch: rt2_46_shfl_xor_index 2 32x8
__global__ void rt2_46_shfl_xor_index(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    const int partner = __shfl_xor_sync(0xffffffffu, tid, 16);
    out[blockIdx.x * 256 + tid] = tile[0][partner] + tile[tx & 7][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_46_shfl_xor_index<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
