// A 3-D tile [4][8][33], written plane by plane and read with the plane and
// row swapped; one read flattens the last two dimensions on purpose.
// launch: rt40_cube 2 32x8
__global__ void rt40_cube(const int *in, int *out, int p) {
    __shared__ int cube[4][8][33];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int z = 0; z < 4; ++z) {
        cube[z][ty][tx] = in[blockIdx.x * 1024 + z * 256 + tid] & 2047;
        if (tx == 0) cube[z][ty][32] = z;
    }
    __syncthreads();
    int acc = cube[tx % 4][ty][tx] + cube[ty % 4][tx % 8][ty * 4];
    acc += cube[1][0][tid % 264];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt40_cube<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
