// A transpose whose tile size is the block's width, up to a compile-time
// maximum: __shared__ float tile[MAX_T][MAX_T + 0], loops bounded by
// blockDim.x, launched twice with 32x8 and 16x16 blocks. A legal control.
// launch: rt4_30_blockdim_tile 2 32x8
// launch: rt4_30_blockdim_tile 2 16x16 0 2048
// expect: rewritten
#define MAX_T 32
__global__ void rt4_30_blockdim_tile(const int *in, int *out, int p) {
    __shared__ float tile[MAX_T][MAX_T];
    const int t = blockDim.x, tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < t; r += blockDim.y) tile[r][tx] = (float)(in[(blockIdx.x * t * t + r * t + tx) & 4095] & 1023);
    __syncthreads();
    for (int r = ty; r < t; r += blockDim.y) out[blockIdx.x * t * t + r * t + tx] = __float_as_int(tile[tx][r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt4_30_blockdim_tile<<<2, dim3(32, 8)>>>(in, out, 0);
    rt4_30_blockdim_tile<<<2, dim3(16, 16)>>>(in, out + 2048, 0);
}
#endif
