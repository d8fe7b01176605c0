// A pointer difference as data: &tile[tx % 8][c] - &tile[0][0] is the
// element's offset in the declared layout, written to the output.
// launch: rt3_61_pointer_difference_value 2 32x8
__global__ void rt3_61_pointer_difference_value(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 4095;
    __syncthreads();
    const int *cell = &tile[tx % 8][ty * 4];
    const long off = cell - &tile[0][0];
    out[blockIdx.x * 256 + tid] = *cell + (int)off * 8192;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_61_pointer_difference_value<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
