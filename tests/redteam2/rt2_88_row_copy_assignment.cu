// A row of a struct-of-array tile copied by struct assignment to a local.
// launch: rt2_88_row_copy_assignment 2 32x8
struct Line { int v[32]; };
__global__ void rt2_88_row_copy_assignment(const int *in, int *out, int p) {
    __shared__ Line lines[32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        lines[j].v[tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 8191;
    __syncthreads();
    const Line mine = lines[tx];
    out[blockIdx.x * 256 + tid] = mine.v[ty] + mine.v[31 - ty] + lines[ty].v[tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_88_row_copy_assignment<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
