// The distance between two elements' addresses used as a value (a row
// stride measured at run time): it changes with any layout change.
// launch: rt35_ptrdiff 2 32x8
__global__ void rt35_ptrdiff(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx];
    __syncthreads();
    const int pitch = (int)(&tile[1][0] - &tile[0][0]);
    int acc = tile[tx][ty] + pitch * 1000 + (int)(&tile[ty][tx] - &tile[0][0]);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt35_ptrdiff<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
