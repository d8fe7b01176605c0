// Double buffering through pointers: cur/next point at &tile[stage][0][0]
// and are swapped each step; the compute walks cur[k * 16 + tx] and the load
// writes next[tx * 16 + ty] (a flat walk over a 2-D stage of a 3-D tile).
// launch: rt4_06_gemm_ptr 2 16x16
#define T 16
__global__ void rt4_06_gemm_ptr(const int *in, int *out, int p) {
    __shared__ float tiles[2][T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    float *cur = &tiles[0][0][0];
    float *next = &tiles[1][0][0];
    cur[tx * T + ty] = (float)(in[(blockIdx.x * 256 + ty * T + tx) & 4095] & 31);
    __syncthreads();
    float acc = 0.0f;
    for (int step = 0; step < 3; ++step) {
        next[tx * T + ty] = (float)(in[(blockIdx.x * 256 + (step + 1) * 512 + ty * T + tx) & 4095] & 31);
        for (int k = 0; k < T; ++k) acc += cur[k * T + tx] * (float)(k + ty);
        __syncthreads();
        float *t = cur;
        cur = next;
        next = t;
    }
    out[blockIdx.x * 256 + ty * T + tx] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_06_gemm_ptr<<<2, dim3(T, T)>>>(in, out, 0); }
#endif
