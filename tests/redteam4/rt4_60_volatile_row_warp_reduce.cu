// Per-row warp reductions over a 2-D shared array through a volatile row
// pointer (volatile float *v = sums[ty]), the classic last-warp unroll made
// safe with __syncwarp between steps.
// launch: rt4_60_volatile_rows 2 32x8
__global__ void rt4_60_volatile_rows(const int *in, int *out, int p) {
    __shared__ float sums[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    sums[ty][tx] = (float)(in[(blockIdx.x * 256 + ty * 32 + tx) & 4095] & 255);
    __syncthreads();
    volatile float *v = sums[ty];
    for (int s = 16; s > 0; s >>= 1) {
        const float o = tx < s ? v[tx + s] : 0.0f;
        __syncwarp();
        if (tx < s) v[tx] += o;
        __syncwarp();
    }
    __syncthreads();
    out[blockIdx.x * 256 + ty * 32 + tx] = __float_as_int(sums[ty][0] + sums[tx & 7][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_60_volatile_rows<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
