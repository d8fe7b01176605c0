// A __shared__ tile declared inside a loop body: one object for every
// iteration, so the second pass reads what the first wrote, a row on.
// launch: rt3_15_shared_in_loop_body 2 32x8
__global__ void rt3_15_shared_in_loop_body(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    int acc = 0;
    for (int pass = 0; pass < 2; ++pass) {
        __shared__ int t[16][32];
        if (pass == 0) {
            t[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
            t[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
        }
        __syncthreads();
        acc = acc * 5 + t[ty + pass][tx + 32 * pass] + t[tx % 16][ty];
        __syncthreads();
    }
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_15_shared_in_loop_body<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
