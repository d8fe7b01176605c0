// A flat pad by hand, i * 33, in a 1-D array, plus one read of the 33rd
// (spare) column, which the layout carries data in.
// launch: rt2_23_flat_pad_33 2 32x8
__global__ void rt2_23_flat_pad_33(const int *in, int *out, int p) {
    __shared__ int s[32 * 33];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        s[j * 33 + tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 8191;
    if (ty == 0) s[tx * 33 + 32] = tx * 7;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = s[tx * 33 + j] + s[j * 33 + 32];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_23_flat_pad_33<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
