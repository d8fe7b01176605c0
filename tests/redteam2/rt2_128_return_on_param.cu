// An early return that narrows the block only when the parameter p is 0;
// the run passes p = 1, so every thread of the 64x4 block reads on.
// launch: rt2_128_return_on_param 2 64x4 1
__global__ void rt2_128_return_on_param(const int *in, int *out, int p) {
    __shared__ float tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 64 + tx;
    tile[tid / 32][tid % 32] = (float)(in[blockIdx.x * 256 + tid] & 4095);
    __syncthreads();
    if (tx >= 32 && p == 0) return;
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[ty][tx] + tile[tx & 7][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out, int p) { rt2_128_return_on_param<<<2, dim3(64, 4)>>>(in, out, p); }
#endif
