// A column from an immediately invoked lambda with two returns
// (tx * 2 below 16, tx - 16 above): 0..30, in range, legal.
// launch: rt122_k 2 32x8
__global__ void rt122_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    const int c = [&] {
        if (tx < 16) return tx * 2;
        return tx - 16;
    }();
    int acc = tile[tx][ty] + tile[ty][c] * 5;
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt122_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
