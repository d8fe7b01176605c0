// The early return (tx >= 32) comes after the writes: rows 0 and 2 are
// written 64 wide by the whole 64x4 block, each write running into the
// next row.
// launch: rt2_131_return_after_wide_writes 2 64x4
__global__ void rt2_131_return_after_wide_writes(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    if ((ty & 1) == 0) tile[ty][tx] = (float)(in[blockIdx.x * 256 + ty * 64 + tx] & 4095);
    __syncthreads();
    if (tx >= 32) return;
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(tile[tx & 3][ty] + 2.0f * tile[ty][tx]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_131_return_after_wide_writes<<<2, dim3(64, 4)>>>(in, out, 0); }
#endif
