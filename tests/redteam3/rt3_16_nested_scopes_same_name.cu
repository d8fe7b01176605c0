// Two tiles of one name in nested block scopes, of different shapes: the
// inner [32][8] one is read in range, the outer [8][32] one past its row.
// launch: rt3_16_nested_scopes_same_name 2 32x8
__global__ void rt3_16_nested_scopes_same_name(const int *in, int *out, int p) {
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    __shared__ int t[9][32];
    t[ty][tx] = in[blockIdx.x * 256 + tid] & 4095;
    if (ty == 0) t[8][tx] = 7 * tx;
    int acc;
    {
        __shared__ int t[32][8];
        t[tx][ty] = in[blockIdx.x * 256 + tid + 512] & 4095;
        __syncthreads();
        acc = t[tid % 32][tid / 32];
    }
    acc += 3 * t[ty][tx + 32];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_16_nested_scopes_same_name<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
