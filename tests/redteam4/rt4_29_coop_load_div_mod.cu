// A cooperative loading loop over a 2-D tile, the common way: for (i = tid;
// i < 32 * 32; i += blockDim.x) tile[i / 32][i % 32] = ...; then each thread
// reads a column element (tile[c][r], lanes 32 floats apart). A legal
// control.
// launch: rt4_29_coop_load 2 128x1
// expect: rewritten
#define TD 32
__global__ void rt4_29_coop_load(const int *in, int *out, int p) {
    __shared__ float tile[TD][TD];
    const int tid = threadIdx.x;
    for (int i = tid; i < TD * TD; i += blockDim.x)
        tile[i / TD][i % TD] = (float)(in[(blockIdx.x * 1024 + i) & 4095] & 511);
    __syncthreads();
    for (int i = tid; i < TD * TD; i += blockDim.x) {
        const int r = i / TD, c = i % TD;
        out[blockIdx.x * 1024 + i] = __float_as_int(tile[c][r] + 0.5f * tile[r][c]);
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_29_coop_load<<<2, 128>>>(in, out, 0); }
#endif
