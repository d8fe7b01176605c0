// A width macro #undef'd and redefined between two kernels that share a
// device helper written against the first definition.
// launch: rt2_82_wide 2 32x8
// launch: rt2_82_narrow 2 32x8 0 1024
#define TW 32
__device__ float pick(const float (*t)[TW], int r, int c) { return t[r][c]; }
__global__ void rt2_82_wide(const int *in, int *out, int p) {
    __shared__ float tile[TW][TW];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < TW; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * TW + tx] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(pick(tile, tx, ty));
}
#undef TW
#define TW 16
__global__ void rt2_82_narrow(const int *in, int *out, int p) {
    __shared__ float tile[2 * TW][TW];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[tid / TW][tid % TW] = (float)(in[blockIdx.x * 512 + tid] & 4095);
    tile[16 + tid / TW][tid % TW] = (float)(in[blockIdx.x * 512 + 256 + tid] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[tx][ty] + tile[ty][tx]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_82_wide<<<2, dim3(32, 8)>>>(in, out, 0);
    rt2_82_narrow<<<2, dim3(32, 8)>>>(in, out + 1024, 0);
}
#endif
