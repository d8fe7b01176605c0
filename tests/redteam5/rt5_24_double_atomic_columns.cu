// atomicAdd on a shared double tile: every thread adds into a transposed
// slot (a permutation, one add per slot, so the order of adds is moot), then
// reads its row back.
// launch: rt5_24_double_atomic 2 32x8
// expect: rewritten
static __global__ void rt5_24_double_atomic(const int *in, int *out, int p) {
    __shared__ double acc[8][32];
    const int x = threadIdx.x, y = threadIdx.y, tid = y * 32 + x;
    acc[y][x] = 0.5;
    __syncthreads();
    atomicAdd(&acc[x & 7][(y << 2) | (x >> 3)], (double)(in[blockIdx.x * 256 + tid] & 1023));
    __syncthreads();
    out[blockIdx.x * 256 + tid] = (int)(acc[y][x] * 2.0);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_24_double_atomic<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
