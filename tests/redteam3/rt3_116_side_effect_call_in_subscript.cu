// A row taken from a device function with a side effect (it bumps a
// per-thread counter through a reference) inside the subscript.
// launch: rt3_116_side_effect_call_in_subscript 2 32x8
__device__ int next_row(int &k) { return (k++) % 32; }
static __global__ void rt3_116_side_effect_call_in_subscript(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    int k = tx;
    int acc = 0;
    for (int j = 0; j < 4; ++j) acc = acc * 3 + tile[next_row(k)][ty + 8 * j];
    out[blockIdx.x * 256 + ty * 32 + tx] = acc + k;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_116_side_effect_call_in_subscript<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
